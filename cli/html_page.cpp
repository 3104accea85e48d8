#include "html_page.hpp"

#include <fstream>
#include <stdexcept>

namespace manipdyn::cli {
namespace {

// Readable on screen and in print, no web fonts: the system's sans-serif and monospace.
constexpr const char* kStyle = R"(
body { font-family: sans-serif; max-width: 72em; margin: 1.5em auto; padding: 0 1em;
       line-height: 1.45; color: #1a1a1a; background: #ffffff; }
h1 { border-bottom: 2px solid #335; padding-bottom: 0.2em; }
h2 { border-bottom: 1px solid #99a; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0 1.2em 0; font-size: 0.92em; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.3em; }
th, td { border: 1px solid #bbc; padding: 0.2em 0.5em; text-align: right; }
th { background: #eef; }
td.text, th.text { text-align: left; }
.num { font-variant-numeric: tabular-nums; }
.differs { background: #fde8e0; }
.agrees { background: #e4f4e4; }
figure { margin: 0.8em 0; display: inline-block; vertical-align: top; max-width: 100%; }
figure img { max-width: 100%; border: 1px solid #ccd; }
.row figure { max-width: 48%; margin-right: 1%; }
figcaption { font-size: 0.9em; color: #333; max-width: 46em; }
code { background: #f3f3f6; padding: 0 0.2em; }
.verdict { font-weight: bold; }
)";

}  // namespace

Html operator+(Html a, const Html& b) {
  a.code += b.code;
  return a;
}

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

Html text(std::string_view s) { return {html_escape(s)}; }

Html tag(const std::string& name, const Html& inner, const std::string& css_class) {
  return {"<" + name + (css_class.empty() ? "" : " class=\"" + html_escape(css_class) + "\"") +
          ">" + inner.code + "</" + name + ">"};
}

Html link(const std::string& href, std::string_view label) {
  return {"<a href=\"" + html_escape(href) + "\">" + html_escape(label) + "</a>"};
}

Html num(const std::string& shown, const std::string& csv, const std::string& row,
         const std::string& col) {
  return {"<span class=\"num\" data-csv=\"" + html_escape(csv) + "\" data-row=\"" +
          html_escape(row) + "\" data-col=\"" + html_escape(col) + "\">" + html_escape(shown) +
          "</span>"};
}

HtmlPage::HtmlPage(std::string title) : title_(std::move(title)) {}

void HtmlPage::heading(int level, std::string_view title, const std::string& id) {
  if (level < 1 || level > 3)
    throw std::invalid_argument("HtmlPage::heading: level must be 1, 2 or 3, got " +
                                std::to_string(level));
  const std::string h = "h" + std::to_string(level);
  body_ += "<" + h + (id.empty() ? "" : " id=\"" + html_escape(id) + "\"") + ">" +
           html_escape(title) + "</" + h + ">\n";
}

void HtmlPage::paragraph(const Html& content) { body_ += "<p>" + content.code + "</p>\n"; }

void HtmlPage::list(const std::vector<Html>& items) {
  body_ += "<ul>\n";
  for (const auto& item : items) body_ += "<li>" + item.code + "</li>\n";
  body_ += "</ul>\n";
}

void HtmlPage::table(const std::vector<Html>& header, const std::vector<std::vector<Html>>& rows,
                     const Html& caption) {
  body_ += "<table>\n<caption>" + caption.code + "</caption>\n<thead><tr>";
  for (std::size_t j = 0; j < header.size(); ++j)
    body_ += std::string(j == 0 ? "<th class=\"text\">" : "<th>") + header[j].code + "</th>";
  body_ += "</tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].size() != header.size())
      throw std::invalid_argument("HtmlPage::table: row " + std::to_string(i + 1) + " has " +
                                  std::to_string(rows[i].size()) + " cells, the header " +
                                  std::to_string(header.size()));
    body_ += "<tr>";
    for (std::size_t j = 0; j < rows[i].size(); ++j)
      body_ += std::string(j == 0 ? "<td class=\"text\">" : "<td>") + rows[i][j].code + "</td>";
    body_ += "</tr>\n";
  }
  body_ += "</tbody>\n</table>\n";
}

void HtmlPage::figure(const std::string& src, std::string_view alt, const Html& caption) {
  body_ += "<figure><a href=\"" + html_escape(src) + "\"><img src=\"" + html_escape(src) +
           "\" alt=\"" + html_escape(alt) + "\"></a><figcaption>" + caption.code +
           "</figcaption></figure>\n";
}

void HtmlPage::figures(const std::vector<std::string>& srcs, const std::vector<Html>& captions) {
  if (srcs.size() != captions.size())
    throw std::invalid_argument("HtmlPage::figures: " + std::to_string(srcs.size()) +
                                " images, " + std::to_string(captions.size()) + " captions");
  body_ += "<div class=\"row\">\n";
  for (std::size_t i = 0; i < srcs.size(); ++i) figure(srcs[i], srcs[i], captions[i]);
  body_ += "</div>\n";
}

void HtmlPage::add(const Html& content) { body_ += content.code + "\n"; }

std::string HtmlPage::str() const {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         html_escape(title_) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n" +
         body_ + "</body>\n</html>\n";
}

void HtmlPage::write(const std::filesystem::path& file) const {
  std::ofstream out(file);
  if (!out) throw std::runtime_error("cannot write '" + file.string() + "'");
  out << str();
  if (!out.flush()) throw std::runtime_error("error while writing '" + file.string() + "'");
}

}  // namespace manipdyn::cli
