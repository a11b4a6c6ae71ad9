// A modelled function called through an unprototyped declaration with too few arguments:
// refused at load with its position (it used to crash the tool).
void __VERIFIER_error();
void *memcpy();
int pthread_create();
int main(void) {
#ifdef A
  __VERIFIER_error(1);
#elif defined(B)
  memcpy(0);
#else
  pthread_create(0, 0);
#endif
  return 0;
}
