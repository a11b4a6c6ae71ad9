int main(void)
{
    int x = ;
    return x;
}
