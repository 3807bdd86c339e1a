#pragma once
#undef SCOPED_ASSERT
