/* report: JSON string output for the JSON and SARIF writers. */
#include "report/json.h"
#include "lib/util.h"

#include <string.h>

void json_string(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		int n = c < 0x80 ? 1 :
			(int)utf8_seq((const unsigned char *)s, strnlen(s, 4));

		if (n == 0) {
			fputs("\\ufffd", out);
			continue;
		}
		if (n > 1) {
			fwrite(s, 1, n, out);
			s += n - 1;
			continue;
		}

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}
