/* Truth values of the verifier builtins: any nonzero value of the argument's type is true.
   -DV=value (a pointer when -DPTR), -DASSUME: __VERIFIER_assume(V) then a failing assert
   (reached when V is true); -DASSERT: __VERIFIER_assert(V); -DSCOPEMC: scopemc_assert(V);
   -DC_ASSERT: assert(V). */
#include <assert.h>
#include <scopemc.h>
int x;
int main(void) {
#ifdef PTR
  int *v = &x;
#define ARG ((int)(long)v) /* as published lock-free code does: an int of the pointer */
#else
  int v = V;
#define ARG v
#endif
#if defined(ASSUME)
  __VERIFIER_assume(ARG);
  assert(0 && "reached after the assume");
#elif defined(ASSERT)
  __VERIFIER_assert(ARG);
#elif defined(SCOPEMC)
  scopemc_assert(v);
#else
  assert(v);
#endif
  return 0;
}
