#pragma once
namespace geo {
struct Inner {
    int x = ;
};
}
