// Must not compile with dpor's include view: dpor/ sees only interpreter/EventSink.h.
#include "interpreter/Interpreter.h"
