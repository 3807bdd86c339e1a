#pragma once
namespace other { inline int one() { return 1; } }
