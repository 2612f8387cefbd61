/* report: text into HTML (html_text.h). */
#include "report/html_text.h"
#include "report/html_assets.h"
#include "lib/util.h"

#include <ctype.h>
#include <string.h>

static void put_byte(FILE *out, unsigned char c)
{
	switch (c) {
	case '&':
		fputs("&amp;", out);
		break;
	case '<':
		fputs("&lt;", out);
		break;
	case '>':
		fputs("&gt;", out);
		break;
	case '"':
		fputs("&quot;", out);
		break;
	case '\'':
		fputs("&#39;", out);
		break;
	default:
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			fputs("\xef\xbf\xbd", out);
		else
			fputc(c, out);
	}
}

void html_putn(FILE *out, const char *s, size_t n)
{
	size_t i = 0, seq;

	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x80) {
			put_byte(out, c);
			i++;
			continue;
		}
		seq = utf8_seq((const unsigned char *)s + i, n - i);
		if (!seq) {
			fputs("\xef\xbf\xbd", out);
			i++;
			continue;
		}
		fwrite(s + i, 1, seq, out);
		i += seq;
	}
}

void html_put(FILE *out, const char *s)
{
	if (s)
		html_putn(out, s, strlen(s));
}

void html_put_url_value(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (isalnum(c) || strchr("-._~", c))
			fputc(c, out);
		else
			fprintf(out, "%%%02X", c);
	}
}

char *html_dir_of(const char *name)
{
	const char *slash = name ? strrchr(name, '/') : NULL;

	if (!slash)
		return xstrdup(".");
	if (slash == name)
		return xstrdup("/");
	return xstrndup(name, slash - name);
}

void html_head(FILE *out, const char *title, const char *body_class)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n"
	      "<meta name=\"generator\" content=\"wbcheck\">\n<title>", out);
	html_put(out, title);
	fprintf(out, "</title>\n<link rel=\"stylesheet\" href=\"%s\">\n</head>\n<body class=\"%s\">\n",
		HTML_STYLE, body_class);
}

void html_foot(FILE *out, const char *version, const char *script)
{
	fputs("<footer>Written by wbcheck ", out);
	html_put(out, version);
	fputs(".</footer>\n", out);
	if (script)
		fprintf(out, "<script src=\"%s\"></script>\n", script);
	fputs("</body>\n</html>\n", out);
}
