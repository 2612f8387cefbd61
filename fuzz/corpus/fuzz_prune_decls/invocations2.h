DECLARE_X(only_key);
#define DECLARE_X(n) int n##_x;
DECLARE_X(only_key) DECLARE_X(other_key);
DECLARE_X((paren_key));
