// Must not compile with the analyses' include view: the load-time analyses
// (interpreter/analysis/) fill the program's description and never see the interpreter that
// reads it.
#include "interpreter/Program.h"
