#pragma once
namespace needy { inline int answer() { return 42; } }
