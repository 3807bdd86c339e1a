#pragma once
namespace lib { struct Shape { double r = 1.0; }; }
