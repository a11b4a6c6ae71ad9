#include <stdlib.h>

int main(void)
{
    int *p = malloc(sizeof(int));
    int v = *p;
    free(p);
    return v;
}
