#pragma once
namespace geo { struct Point { double x, y; }; }
