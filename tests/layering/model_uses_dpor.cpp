// Must not compile with model's include view: model/ sits below dpor/ (the layering test).
#include "dpor/Explorer.h"
