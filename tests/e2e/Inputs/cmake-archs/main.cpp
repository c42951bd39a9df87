int report();
int main() { return report() == 0 ? 0 : 2; }
