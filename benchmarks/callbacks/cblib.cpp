#include "cblib.h"

namespace cb {

long call_many(Handler& handler, int n) {
  long sum = 0;
  for (int i = 0; i < n; ++i) sum += handler.handle(i);
  return sum;
}

}  // namespace cb
