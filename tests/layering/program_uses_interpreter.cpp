// Must not compile with the program library's include view: the program's description
// (program/) is read by the runtime (interpreter/) and never sees it.
#include "interpreter/Interpreter.h"
