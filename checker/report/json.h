/* JSON string output shared by the JSON and SARIF writers. */
#ifndef WBCHECK_REPORT_JSON_H
#define WBCHECK_REPORT_JSON_H

#include <stdio.h>

/* S as a JSON string literal (NULL prints null).  JSON is UTF-8: bytes
 * that are not valid UTF-8 become U+FFFD. */
void json_string(FILE *out, const char *s);

#endif
