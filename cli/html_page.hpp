#pragma once
/// \file html_page.hpp
/// A small writer of self-contained HTML pages (used by `manipdyn report`): headings,
/// paragraphs, tables, figures with captions and relative links, with inline CSS only (no
/// scripts, fonts or other external resources), so that the page reads offline from its folder.
///
/// Text is escaped by `text()`; markup is built from `Html` fragments only, so that nothing a
/// user wrote (a model name, a file name) can inject markup. A number quoted in the page is
/// marked with `num()`: `<span class="num" data-csv=".." data-row=".." data-col="..">` names the
/// CSV file (relative to the page), the row (`key=value` pairs joined by `;`, all of which the
/// row must match) and the column it was read from, so a test can check every quoted number
/// against the CSV beside the page.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace manipdyn::cli {

/// A piece of markup that is already safe to write into a page.
struct Html {
  std::string code;
};
Html operator+(Html a, const Html& b);

/// `s` with &, <, >, " and ' replaced by character references.
std::string html_escape(std::string_view s);
/// Plain text, escaped.
Html text(std::string_view s);
/// `inner` inside an element `tag` (e.g. "em", "strong", "code"), with an optional class.
Html tag(const std::string& name, const Html& inner, const std::string& css_class = "");
/// A link to `href` (a relative path in the page's folder, or an in-page "#anchor").
Html link(const std::string& href, std::string_view label);
/// A quoted number (or word) `shown`, read from column `col` of the row of `csv` whose cells
/// match `row` ("case=ideal;joint=3"; "" for a CSV with one data row).
Html num(const std::string& shown, const std::string& csv, const std::string& row,
         const std::string& col);

/// One HTML page, built section by section and written at the end.
class HtmlPage {
 public:
  explicit HtmlPage(std::string title);

  /// <h1>..<h3> (level 1..3) with an optional id for in-page links.
  void heading(int level, std::string_view title, const std::string& id = "");
  void paragraph(const Html& content);
  /// A bulleted list.
  void list(const std::vector<Html>& items);
  /// A table: header cells, rows of cells (each as wide as the header), a caption above it.
  /// Throws std::invalid_argument if a row's width differs from the header's.
  void table(const std::vector<Html>& header, const std::vector<std::vector<Html>>& rows,
             const Html& caption);
  /// An image `src` (relative path of a PNG in the page's folder) with a caption below it; the
  /// image links to itself (full size).
  void figure(const std::string& src, std::string_view alt, const Html& caption);
  /// Several figures side by side (wrapping), each with its own caption.
  void figures(const std::vector<std::string>& srcs, const std::vector<Html>& captions);
  /// Raw markup (an already built fragment).
  void add(const Html& content);

  /// The whole page (DOCTYPE, head with inline CSS, body).
  std::string str() const;
  /// Writes str() to `file`; throws std::runtime_error if it cannot be written.
  void write(const std::filesystem::path& file) const;

 private:
  std::string title_;
  std::string body_;
};

}  // namespace manipdyn::cli
