// Must not compile with the interpreter's include view: the interpreter and dpor/ are
// siblings above runner/EventSink.h, and neither sees the other.
#include "dpor/Explorer.h"
