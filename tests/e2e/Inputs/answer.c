int c_answer(void) { return 42; }
