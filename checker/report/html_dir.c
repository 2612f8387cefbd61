/* report: the directory of an HTML report (html_dir.h). */
#define _XOPEN_SOURCE 700
#include "report/html_dir.h"
#include "lib/util.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* DIR without trailing slashes ("out/" and "out" are one directory). */
static char *trimmed(const char *dir)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	return xstrndup(dir, n);
}

static char *parent_of(const char *dir)
{
	const char *slash = strrchr(dir, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == dir)
		return xstrdup("/");
	return xstrndup(dir, slash - dir);
}

static int is_report(const char *dir)
{
	char *marker = xasprintf("%s/%s", dir, HTML_MARKER);
	struct stat st;
	int yes = lstat(marker, &st) == 0 && S_ISREG(st.st_mode);

	free(marker);
	return yes;
}

/* mkdir -p DIR. */
static int make_dirs(const char *dir)
{
	char *p = xstrdup(dir), *s;
	int rc = 0;

	for (s = p + 1; *s && !rc; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (!rc && mkdir(p, 0777) && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

/* What DIR holds: 0 nothing (or it is not there), 1 an earlier report;
 * -1 anything else, with *err set. */
static int what_is_there(const char *dir, char **err)
{
	struct stat st;

	if (stat(dir, &st)) {
		if (errno == ENOENT)
			return 0;
		*err = xasprintf("--html=%s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		*err = xasprintf("--html=%s: it exists and is not a directory", dir);
		return -1;
	}
	if (is_report(dir))
		return 1;
	/* even an empty one: it may be a mount point or someone's, and
	 * a report replaces what it writes into whole */
	*err = xasprintf("--html=%s: the directory exists and is not an earlier wbcheck report (it has no %s): refusing to write into it",
			 dir, HTML_MARKER);
	return -1;
}

int html_dir_check(const char *dir, char **err)
{
	char *d = trimmed(dir), *parent = parent_of(d), *probe;
	int rc = what_is_there(d, err) < 0 ? -1 : 0;

	if (!rc && make_dirs(parent)) {
		*err = xasprintf("--html=%s: cannot make %s: %s", dir, parent,
				 strerror(errno));
		rc = -1;
	}
	if (!rc) {
		/* what the report is first written to, made once to see */
		probe = html_dir_begin(dir, err);
		if (probe)
			rmdir(probe);
		else
			rc = -1;
		free(probe);
	}
	free(parent);
	free(d);
	return rc;
}

char *html_dir_begin(const char *dir, char **err)
{
	char *d = trimmed(dir);
	char *tmp = xasprintf("%s.new-XXXXXX", d);

	if (!mkdtemp(tmp)) {
		*err = xasprintf("--html=%s: cannot make %s: %s", dir, tmp,
				 strerror(errno));
		free(tmp);
		tmp = NULL;
	} else if (chmod(tmp, 0755)) {
		/* mkdtemp makes it 0700: a report is for serving and sharing */
		*err = xasprintf("--html=%s: %s: %s", dir, tmp, strerror(errno));
		html_dir_abort(tmp);
		free(tmp);
		tmp = NULL;
	}
	free(d);
	return tmp;
}

static int remove_one(const char *path, const struct stat *st, int type,
		      struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

static int remove_tree(const char *dir)
{
	return nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

void html_dir_abort(const char *tmp)
{
	remove_tree(tmp);
}

int html_dir_commit(const char *tmp, const char *dir, char **err)
{
	char *d = trimmed(dir), *old = NULL;
	int there = what_is_there(d, err), rc = -1;

	if (there < 0)
		goto out;
	if (there == 1) {
		old = xasprintf("%s.old-XXXXXX", d);
		/* moved aside first, so DIR is never half one, half the other */
		if (!mkdtemp(old) || rename(d, old)) {
			*err = xasprintf("--html=%s: cannot move the earlier report aside: %s",
					 dir, strerror(errno));
			goto out;
		}
	} else if (rmdir(d) && errno != ENOENT) {
		*err = xasprintf("--html=%s: %s", dir, strerror(errno));
		goto out;
	}
	if (rename(tmp, d)) {
		*err = xasprintf("--html=%s: cannot move %s there: %s", dir, tmp,
				 strerror(errno));
		if (old)
			rename(old, d);
		goto out;
	}
	if (old && remove_tree(old))
		fprintf(stderr, "wbcheck: --html=%s: could not remove the earlier report, moved to %s\n",
			dir, old);
	rc = 0;
out:
	free(old);
	free(d);
	return rc;
}
