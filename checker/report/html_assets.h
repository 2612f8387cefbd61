/* report: the style sheet and the index's script of the HTML report,
 * files of the report itself, so that nothing is fetched from elsewhere. */
#ifndef WBCHECK_REPORT_HTML_ASSETS_H
#define WBCHECK_REPORT_HTML_ASSETS_H

#define HTML_STYLE "style.css"
#define HTML_SCRIPT "index.js"

/* Write both into DIR: 0, or -1 with errno set. */
int html_assets_write(const char *dir);

#endif
