#define EV(k) static inline void trace_##k(void) { }
EV(demo_key);
EV(used);
#define PAIR(a, b) extern int a##_##b;
PAIR(left_key, right_key);
EV( /* c */ spaced_key );
EV(unclosed_key
