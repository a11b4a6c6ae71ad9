// A struct kernel argument is each work-item's own copy: a write to it by one work-item is
// not seen by another (no race), and the work-item sees its own write.
struct s { int a; int b; };
__kernel void foo(__global int *p, struct s q) {
  q.b = (int)get_global_id(0) + 1;
  p[get_global_id(0)] = q.a + q.b;
}
void foo_post(__global int *p, struct s q) { assert(p[0] == 1 && p[1] == 2); }
