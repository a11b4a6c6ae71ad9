// GenMC calls scopemc does not model are refused at load, by name, with the reason.
#include <genmc.h>

int x;

int main(void) {
#if defined(OPTIONAL)
  __VERIFIER_optional(x = 1);
#elif defined(RCU)
  __VERIFIER_rcu_read_lock();
  x = 1;
  __VERIFIER_rcu_read_unlock();
#elif defined(PERSIST)
  int *p = __VERIFIER_palloc(4);
  *p = 1;
#endif
  return x;
}
