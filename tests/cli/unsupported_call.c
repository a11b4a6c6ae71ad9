#include <stdio.h>

int main(void)
{
    FILE *p = popen("ls", "r");
    return p != 0;
}
