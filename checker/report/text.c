/* report: findings as gcc/sparse-style text, or as JSON. */
#include "report/text.h"
#include "report/json.h"
#include "lib/util.h"

#include <string.h>

static const char *root;
static size_t root_len;

void output_set_root(const char *dir)
{
	root = dir;
	root_len = dir ? strlen(dir) : 0;
}

/* Names under the source tree print relative to it (fs/nfsd/vfs.c),
 * as git and the kernel's own tools print them. */
static const char *shown(const char *file)
{
	if (!file)
		return "<unknown>";
	if (root_len && !strncmp(file, root, root_len) && file[root_len] == '/')
		return file + root_len + 1;
	return file;
}

const char *output_name(const char *file)
{
	return shown(file);
}

static const char *file_or_unknown(const struct loc *l)
{
	return shown(l->file);
}

void output_text(FILE *out, const struct findings *fs)
{
	size_t i, j;

	for (i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->items[i];

		fprintf(out, "%s:%u:%u: warning: %s [%s]\n",
			file_or_unknown(&f->loc), f->loc.line, f->loc.col,
			f->message, f->check);
		for (j = 0; j < f->notes.n; j++) {
			const struct note *n = &f->notes.items[j];

			fprintf(out, "%s:%u:%u: note: %s\n", file_or_unknown(&n->loc),
				n->loc.line, n->loc.col, n->msg);
		}
		if (f->suggestion)
			fprintf(out, "%s:%u:%u: note: suggestion: %s\n",
				file_or_unknown(&f->loc), f->loc.line,
				f->loc.col, f->suggestion);
	}
}

static void json_note(FILE *out, const struct note *n)
{
	fputs("{\"file\": ", out);
	json_string(out, shown(n->loc.file));
	fprintf(out, ", \"line\": %u, \"column\": %u, \"message\": ",
		n->loc.line, n->loc.col);
	json_string(out, n->msg);
	fputc('}', out);
}

static void json_finding(FILE *out, const struct finding *f)
{
	size_t j;

	fputs("    {\"file\": ", out);
	json_string(out, shown(f->loc.file));
	fprintf(out, ", \"line\": %u, \"column\": %u, \"function\": ",
		f->loc.line, f->loc.col);
	json_string(out, f->function);
	fputs(", \"check\": ", out);
	json_string(out, f->check);
	fputs(", \"callee\": ", out);
	json_string(out, f->callee);
	fputs(", \"message\": ", out);
	json_string(out, f->message);
	fputs(", \"suggestion\": ", out);
	json_string(out, f->suggestion);
	fputs(", \"notes\": [", out);
	for (j = 0; j < f->notes.n; j++) {
		if (j)
			fputs(", ", out);
		json_note(out, &f->notes.items[j]);
	}
	fputs("]}", out);
}

void output_json(FILE *out, const struct findings *fs)
{
	size_t i;

	fputs("{\"findings\": [", out);
	for (i = 0; i < fs->n; i++) {
		fputs(i ? ",\n" : "\n", out);
		json_finding(out, &fs->items[i]);
	}
	fputs(fs->n ? "\n]}\n" : "]}\n", out);
}
