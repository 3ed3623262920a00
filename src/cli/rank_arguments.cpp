#include "cli/rank_arguments.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <utility>

#include "cli/process_group.hpp"
#include "core/error.hpp"

namespace semibfs::cli {
namespace {

constexpr const char* kFlag = "\x01";  // a flag's value: no word is that

// Options a rank may be given alone: they shape neither the graph nor the searches.
bool rank_may_differ(const std::string& option) { return option == "--threads" || option == "--json"; }

// A word that names an option ("--scale", "-o"), not a value ("-", "-5").
bool is_option_name(const std::string& word) {
  return word.size() > 1 && word[0] == '-' && std::isdigit(static_cast<unsigned char>(word[1])) == 0;
}

// The words as (option or "argument N", value) in the order given.
std::vector<std::pair<std::string, std::string>> options_of(const std::vector<std::string>& words) {
  std::vector<std::pair<std::string, std::string>> options;
  int positional = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (!is_option_name(words[i])) {
      options.emplace_back(i == 0 ? "the command" : "argument " + std::to_string(++positional), words[i]);
    } else if (i + 1 < words.size() && !is_option_name(words[i + 1])) {
      options.emplace_back(words[i], words[i + 1]);
      ++i;
    } else {
      options.emplace_back(words[i], kFlag);
    }
  }
  return options;
}

std::string described(const std::map<std::string, std::string>& options, const std::string& name) {
  const auto found = options.find(name);
  if (found == options.end()) return "does not give it";
  return found->second == kFlag ? "gives it" : "gives '" + found->second + "'";
}

}  // namespace

std::optional<std::string> ranks_disagreement(const std::vector<std::vector<std::string>>& words_by_rank) {
  std::vector<std::map<std::string, std::string>> by_rank;
  std::vector<std::string> names;  // every option any rank gives, in order of first sight
  for (const std::vector<std::string>& words : words_by_rank) {
    std::map<std::string, std::string>& options = by_rank.emplace_back();
    for (auto& [name, value] : options_of(words)) {
      if (rank_may_differ(name)) continue;
      options[name] = value;  // a repeated option's last value, as the option tables take it
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  }
  for (const std::string& name : names) {
    for (std::size_t rank = 1; rank < by_rank.size(); ++rank) {
      if (described(by_rank[rank], name) == described(by_rank[0], name)) continue;
      return "the ranks were started with different options: " + name + ": rank 0 " + described(by_rank[0], name) +
             ", rank " + std::to_string(rank) + " " + described(by_rank[rank], name) +
             " (start every rank with the same options)";
    }
  }
  return std::nullopt;
}

void require_same_words_on_every_rank(const std::vector<std::string>& words) {
  const std::optional<std::string> disagreement = ranks_disagreement(ProcessGroup::words_of_every_rank(words));
  if (disagreement) throw UsageError(*disagreement);
}

}  // namespace semibfs::cli
