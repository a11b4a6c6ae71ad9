// Must not compile with the analyses' include view: the load-time analyses (program/analysis/)
// fill the program's description and never see the library that holds it.
#include "program/Program.h"
