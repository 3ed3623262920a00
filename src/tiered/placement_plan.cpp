// The placement planner: the DRAM that is left once the search can run at all is handed out in
// the order of the semi-external-memory issue, each step taking as much of its structure as fits
// before the next one gets anything (a strict order: a later structure is in DRAM only when every
// earlier one is whole in DRAM, so a plan reads as one cut through that list).
#include "tiered/placement_plan.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <string>

#include "core/bitmap.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/json_writer.hpp"
#include "tiered/tiered_csr.hpp"

namespace semibfs {
namespace {

// Sums over the degree histogram that the steps need.
class DegreeSums {
 public:
  DegreeSums(const std::vector<DegreeCount>& degrees, std::int64_t entry_bytes, bool compressed_lists)
      : degrees_(degrees), entry_bytes_(entry_bytes), compressed_lists_(compressed_lists) {}

  std::int64_t max_degree() const { return semibfs::max_degree(degrees_); }
  // List entries that lie among the first `k` of their list, over all vertices.
  std::int64_t entries_within(std::int64_t k) const {
    std::int64_t entries = 0;
    for (const DegreeCount& count : degrees_) entries += std::min(count.degree, k) * count.vertices;
    return entries;
  }
  std::int64_t vertices(std::int64_t low, std::int64_t high) const {
    std::int64_t vertices = 0;
    for (const DegreeCount& count : degrees_) {
      if (count.degree >= low && count.degree <= high) vertices += count.vertices;
    }
    return vertices;
  }
  const std::vector<DegreeCount>& classes() const { return degrees_; }

  // DRAM bytes of one class's whole lists (compressed, with what an entry holds beside its id: its
  // SSSP weight).
  std::int64_t class_bytes(const DegreeCount& count) const {
    if (compressed_lists_) {
      return count.bytes + count.degree * count.vertices * (entry_bytes_ - static_cast<std::int64_t>(sizeof(NeighborId)));
    }
    return count.degree * count.vertices * entry_bytes_;
  }
  // Bytes of the lists of the vertices whose degree is in [low, high].
  std::int64_t list_bytes(std::int64_t low, std::int64_t high) const {
    std::int64_t bytes = 0;
    for (const DegreeCount& count : degrees_) {
      if (count.degree >= low && count.degree <= high) bytes += class_bytes(count);
    }
    return bytes;
  }
  // Bytes of the first k entries of every list; compressed lists are whole or nothing, so there the
  // whole lists of degree at most k.
  std::int64_t head_bytes(std::int64_t k) const {
    return compressed_lists_ ? list_bytes(1, k) : entries_within(k) * entry_bytes_;
  }

 private:
  const std::vector<DegreeCount>& degrees_;
  std::int64_t entry_bytes_;
  bool compressed_lists_;
};

constexpr std::int64_t kNoLimit = INT64_MAX;

}  // namespace


std::string to_string(PlacementMode mode) {
  return mode == PlacementMode::kForwardOnDisk ? "forward-on-disk" : "planned";
}

std::int64_t PlacementPlan::dram_bytes() const {
  std::int64_t total = 0;
  for (const PlacedStructure& placed : structures) total += placed.dram_bytes;
  return total;
}

std::int64_t PlacementPlan::disk_bytes() const {
  std::int64_t total = 0;
  for (const PlacedStructure& placed : structures) total += placed.disk_bytes;
  return total;
}

const PlacedStructure& PlacementPlan::structure(const std::string& name) const {
  for (const PlacedStructure& placed : structures) {
    if (placed.name == name) return placed;
  }
  throw Error("placement plan: no structure named '" + name + "'");
}

namespace {

// One run of the planner: the DRAM left after each step and what the steps chose so far. The
// steps run in the order; each takes what fits of its structure, and a step runs only
// while every earlier one took its whole structure (in_order_).
class Planner {
 public:
  Planner(const GraphProfile& profile, const PlacementRequest& request)
      : profile_(profile),
        request_(request),
        limits_(request.limits),
        sums_(profile.degrees, profile.entry_bytes, profile.compressed_lists),
        // Steps 2, 3 and 5 place whole forward lists, by the vertices' forward (out-)degrees.
        forward_sums_(profile.forward_degrees.empty() ? profile.degrees : profile.forward_degrees,
                      profile.entry_bytes, profile.compressed_lists),
        entry_(profile.entry_bytes),
        max_degree_(sums_.max_degree()),
        separate_forward_(profile.separate_forward),
        forward_on_disk_(request.mode == PlacementMode::kForwardOnDisk) {}

  PlacementPlan plan() {
    check_limits();
    plan_.dram_budget_bytes = request_.dram_budget_bytes;
    plan_.mode = request_.mode;
    plan_.first_neighbors = request_.first_neighbors;
    if (request_.reserved_bytes < 0) throw Error("placement planner: negative reserved bytes");
    reserve_minimum();
    const std::int64_t head_cap = limits_.max_head_entries;
    // The backward_heads structure: the first head_cap entries of every list (none when the cap
    // is 1, the dense array alone); the rest of the backward lists is backward_tails.
    heads_total_ = head_dram(head_cap);
    // Stop growing K where it no longer moves bytes: every list is then whole in DRAM.
    useful_head_cap_ = std::min(head_cap, std::max<std::int64_t>(2, max_degree_));
    hub_floor_ = std::max(limits_.min_hub_degree, limits_.max_low_degree + 1);
    if (forward_on_disk_) return plan_forward_on_disk();
    take_backward_heads();
    take_forward_low_degree();
    take_forward_hubs();
    if (request_.whole_backward_lists && !profile_.compressed_lists) {
      take_whole_backward_lists();
    } else {
      take_backward_tails();
    }
    take_forward_rest();
    record_limits();
    add_structures();
    plan_.fits_in_memory = plan_.disk_bytes() == 0;
    return std::move(plan_);
  }

 private:
  void check_limits() const {
    if (forward_on_disk_ && !separate_forward_) {
      throw Error("placement planner: the forward-on-disk placement needs a forward graph apart from the backward one");
    }
    if (forward_on_disk_ && request_.head_entries) {
      throw Error("placement planner: the forward-on-disk placement keeps every backward entry; K cannot be forced");
    }
    if (limits_.max_head_entries < 1 || limits_.max_low_degree < 0 || limits_.min_hub_degree < 1) {
      throw Error("placement planner: limits need max_head_entries >= 1, max_low_degree >= 0, min_hub_degree >= 1");
    }
  }

  // The first-neighbour array and the isolated bitmap, or the bitmap alone (PlacementRequest::dense_heads).
  std::int64_t first_neighbor_bytes() const {
    return request_.first_neighbors ? profile_.first_neighbor_bytes : Bitmap::words_for(profile_.num_vertices) * 8;
  }

  // DRAM bytes of the backward lists when their first k entries are there; k = 1 is the dense
  // heads array alone, so the lists start to count at k = 2 (their entry 0 then comes along).
  std::int64_t head_dram(std::int64_t k) const { return k >= 2 ? sums_.head_bytes(k) : 0; }

  // What the search cannot run without, taken first; throws when the budget is below it.
  void reserve_minimum() {
    // Lists split between the tiers need an index of their resident parts (tiered_csr.hpp: 8
    // bytes per row, as many as the offsets) and hold the first entry of every list even at K = 1.
    const bool everything_fits =
        !forward_on_disk_ && request_.dram_budget_bytes >= request_.reserved_bytes + profile_.placed_bytes() -
                                                                profile_.first_neighbor_bytes + first_neighbor_bytes();
    // Compressed lists hold their resident positions in their row index, which offset_bytes counts.
    // (The first entries count with the backward lists when those are whole in DRAM.)
    const std::int64_t index_bytes =
        profile_.compressed_lists ? 0
        : request_.scan_placement
            ? TieredCsr::striped_index_bytes(profile_.num_vertices, profile_.partitions, separate_forward_)
            : profile_.offset_bytes + (forward_on_disk_ ? 0 : sums_.entries_within(1) * entry_);
    resident_index_bytes_ = everything_fits ? 0 : index_bytes;
    // The status is written at random on every level (DESIGN.md, "always DRAM"); without the
    // offsets a list on disk costs two reads instead of one; the first neighbours are the K = 1 probe
    // of every bottom-up step (Iwabuchi et al. (in Japanese) Sec. 5.2).
    const std::int64_t held = request_.reserved_bytes + profile_.bfs_status_bytes() + profile_.offset_bytes +
                              first_neighbor_bytes() + resident_index_bytes_ +
                              (forward_on_disk_ ? profile_.backward_list_bytes() : 0);
    // The stated minimum is the caller's, read as it is: every budget from it up holds these.
    plan_.minimum_bytes = request_.minimum_bytes > 0 ? request_.minimum_bytes : held;
    if (request_.dram_budget_bytes < plan_.minimum_bytes) throw_below_minimum();
    if (request_.dram_budget_bytes < held) {
      throw Error("placement planner: DRAM budget " + std::to_string(request_.dram_budget_bytes) +
                  " bytes holds the minimum given (" + std::to_string(plan_.minimum_bytes) + " bytes) but not the " +
                  std::to_string(held) + " bytes of its structures (an internal error)");
    }
    left_ = request_.dram_budget_bytes - held;
  }

  [[noreturn]] void throw_below_minimum() const {
    const std::int64_t budget = request_.dram_budget_bytes;
    const std::int64_t minimum = plan_.minimum_bytes;
    throw Error("DRAM budget " + format_bytes(budget) + " (" + std::to_string(budget) +
                " bytes) is below the minimum of " + format_bytes(minimum) + " (" + std::to_string(minimum) +
                " bytes): the BFS status, the CSR offsets, the first neighbours, the index of the lists split between"
                " DRAM and disk" + (forward_on_disk_ ? ", the whole backward graph (forward-on-disk placement)" : "") +
                " and the run's own buffers (" + format_bytes(request_.reserved_bytes) + ") must be in DRAM");
  }

  // Iwabuchi et al.'s placement (Iwabuchi et al. Sec. V): the minimum holds the whole backward graph, so
  // bottom-up never reads the disk; top-down reads every forward list from it, whatever DRAM is left.
  PlacementPlan plan_forward_on_disk() {
    head_entries_ = std::max<std::int64_t>(2, max_degree_);  // K = 2 counts lists of degree 1 as lists
    in_order_ = false;
    record_limits();
    add_structures();
    plan_.fits_in_memory = plan_.disk_bytes() == 0;
    return std::move(plan_);
  }

  // Step 1, backward heads: bottom-up reads a list from its start and stops at the first parent
  // found, so the first entries carry most reads: with 32 entries per vertex in DRAM only 0.7% of
  // the backward accesses went to NVM, with 2 still 38.2% (Iwabuchi et al. Sec. VI-E Fig. 14; the Japanese paper
  // Sec. 5.2.1 Fig. 10).
  void take_backward_heads() {
    if (request_.head_entries) {
      take_forced_head_entries(*request_.head_entries);
    } else {
      while (head_entries_ < useful_head_cap_ && head_dram(head_entries_ + 1) <= left_) ++head_entries_;
      in_order_ = head_dram(head_entries_) == heads_total_;
    }
    left_ -= head_dram(head_entries_);
  }

  // A forced K is the user's choice, not a shortfall: the later steps still run.
  void take_forced_head_entries(std::int64_t k) {
    if (k < 1) throw Error("head entries K = " + std::to_string(k) + ": K must be at least 1 (the first-neighbour array)");
    plan_.head_entries_forced = true;
    if (head_dram(k) > left_) {
      throw Error("head entries K = " + std::to_string(k) + " needs " + format_bytes(head_dram(k)) +
                  " of DRAM beyond the minimum; the budget leaves " + format_bytes(left_) + " (" +
                  std::to_string(left_) + " bytes)");
    }
    head_entries_ = k;
  }

  // Step 2, forward lists of low-degree vertices: the last top-down levels read vertices of
  // average degree ~1, and each costs a whole device read for 4 bytes; with the forward graph on
  // an SSD those levels ran up to 1e5 times slower (Iwabuchi et al. (in Japanese) Sec. 5.1.2 Fig. 7: 108047.5x at mean
  // degree 1.001; Iwabuchi et al. Sec. VI-C Fig. 11: 123482.6x), so they are kept in DRAM first (the Japanese paper
  // Sec. 5.1.2, remedy 1). With P = 1 and an undirected graph there is no separate forward graph:
  // a vertex of degree <= K is read whole from the heads.
  void take_forward_low_degree() {
    if (!separate_forward_ || !in_order_) return;
    low_ = take_ascending(1, limits_.max_low_degree);
    in_order_ = low_ == limits_.max_low_degree;
  }

  // Whole forward degree classes in [from, to], smallest first; returns the largest degree D such
  // that every list of degree in [from, D] is in DRAM (`to` when all of [from, to] went).
  std::int64_t take_ascending(std::int64_t from, std::int64_t to) {
    for (const DegreeCount& count : forward_sums_.classes()) {
      if (count.degree < from || count.degree > to) continue;
      const std::int64_t cost = forward_sums_.class_bytes(count);
      if (cost > left_) return count.degree - 1;
      left_ -= cost;
    }
    return to;
  }

  // Step 3, forward lists of the hubs: the first top-down levels expand the few vertices of
  // highest degree (mean degree 9634.6 there, the Japanese paper Sec. 5.1.2; 11182.9, Iwabuchi et al. Sec. VI-C),
  // and a hub's list is long, so on disk it is read in large sequential requests anyway: worth
  // less per byte than the short lists, more than the tails that bottom-up rarely reaches.
  void take_forward_hubs() {
    if (!separate_forward_ || !in_order_) return;
    const auto& classes = forward_sums_.classes();
    for (auto count = classes.rbegin(); count != classes.rend() && count->degree >= hub_floor_; ++count) {
      const std::int64_t cost = forward_sums_.class_bytes(*count);
      if (cost > left_) {
        in_order_ = false;
        return;
      }
      left_ -= cost;
      hub_limit_ = count->degree;
    }
    hub_limit_ = hub_floor_;  // every hub's list went
  }

  // Step 4, the rest of the backward graph: entries past the first K are reached only by vertices
  // whose earlier neighbours were all unvisited (Iwabuchi et al. Sec. V-A; the Japanese paper Sec. 4.3, proposal 2),
  // so K grows past its cap only now. Found by bisection: head_dram is monotone in K.
  void take_backward_tails() {
    if (plan_.head_entries_forced || !in_order_ || max_degree_ <= useful_head_cap_) return;
    const std::int64_t base = head_dram(head_entries_);
    std::int64_t fits = head_entries_;
    std::int64_t too_many = max_degree_ + 1;
    while (too_many - fits > 1) {
      const std::int64_t middle = fits + (too_many - fits) / 2;
      if (head_dram(middle) - base <= left_) {
        fits = middle;
      } else {
        too_many = middle;
      }
    }
    left_ -= head_dram(fits) - base;
    head_entries_ = fits;
    in_order_ = head_entries_ >= max_degree_;
  }

  // Step 4 for SSSP (PlacementRequest::whole_backward_lists): every list it expands is read whole,
  // so a tail of a few entries costs a device read (two with its weights) as a long one does; whole
  // lists past K, shortest first, leave the fewest tails on disk for the same DRAM (at SCALE 20 and
  // 25% of the footprint: 16.7K tails instead of 48K with K = 130).
  void take_whole_backward_lists() {
    if (plan_.head_entries_forced || !in_order_ || max_degree_ <= head_entries_) return;
    for (const DegreeCount& count : sums_.classes()) {
      if (count.degree <= head_entries_) continue;
      const std::int64_t cost = (count.degree - head_entries_) * count.vertices * entry_;
      if (cost > left_) break;
      left_ -= cost;
      whole_backward_bytes_ += cost;
      whole_backward_degree_ = count.degree;
    }
    in_order_ = whole_backward_degree_ >= max_degree_;
  }

  // Step 5, the rest of the forward graph, shortest lists first (a short list wastes more of the
  // 4 KiB read that fetches it, Iwabuchi et al. Sec. V-B).
  void take_forward_rest() {
    if (!separate_forward_ || !in_order_ || hub_floor_ <= limits_.max_low_degree + 1) return;
    low_ = take_ascending(limits_.max_low_degree + 1, hub_floor_ - 1);
  }

  void record_limits() {
    plan_.head_entries = head_entries_;
    plan_.whole_backward_degree = whole_backward_degree_;
    plan_.low_degree_limit = separate_forward_ ? low_ : 0;
    plan_.hub_degree_limit = separate_forward_ ? hub_limit_ : 0;
    plan_.hub_vertices = hub_limit_ > 0 ? forward_sums_.vertices(std::max(hub_limit_, hub_floor_), kNoLimit) : 0;
  }

  void add(const char* name, const char* description, std::int64_t total, std::int64_t dram) {
    plan_.structures.push_back({name, description, dram, total - dram});
  }

  // Bytes of the forward lists of degree in [low, high]; none when the forward graph is the backward one.
  std::int64_t forward_bytes(std::int64_t low, std::int64_t high) const {
    return separate_forward_ ? forward_sums_.list_bytes(low, high) : 0;
  }

  // The structures, each with a size fixed by the profile and limits, split by K, D and the hubs.
  void add_structures() {
    const std::int64_t status = profile_.bfs_status_bytes();
    add("reserved", request_.reserved_description.c_str(), request_.reserved_bytes, request_.reserved_bytes);
    add("bfs_status", request_.status_description.c_str(), status, status);
    add("offsets", profile_.compressed_lists ? "row index of the compressed lists" : "CSR offsets, backward and forward",
        profile_.offset_bytes, profile_.offset_bytes);
    add("first_neighbors", request_.first_neighbors ? "first-neighbour array, isolated-vertex bitmap" : "isolated-vertex bitmap",
        first_neighbor_bytes(), first_neighbor_bytes());
    add("resident_index", "index of the lists split DRAM/disk", resident_index_bytes_, resident_index_bytes_);
    const std::int64_t heads_dram = head_dram(std::min(head_entries_, limits_.max_head_entries));
    add("backward_heads", "backward lists, first entries", heads_total_, heads_dram);
    const std::int64_t low_cap = limits_.max_low_degree;
    add("forward_low_degree", "forward lists, low-degree vertices", forward_bytes(1, low_cap),
        forward_bytes(1, std::min(low_, low_cap)));
    add("forward_hubs", "forward lists, hubs", forward_bytes(hub_floor_, kNoLimit),
        hub_limit_ > 0 ? forward_bytes(std::max(hub_limit_, hub_floor_), kNoLimit) : 0);
    add("backward_tails", "backward lists, remaining entries", profile_.backward_list_bytes() - heads_total_,
        head_dram(head_entries_) - heads_dram + whole_backward_bytes_);
    add("forward_rest", "forward lists, other vertices", forward_bytes(low_cap + 1, hub_floor_ - 1),
        low_ > low_cap ? forward_bytes(low_cap + 1, low_) : 0);
  }

  const GraphProfile& profile_;
  const PlacementRequest& request_;
  const PlannerLimits& limits_;
  const DegreeSums sums_;
  const DegreeSums forward_sums_;
  const std::int64_t entry_;
  const std::int64_t max_degree_;
  const bool separate_forward_;
  const bool forward_on_disk_;

  PlacementPlan plan_;
  std::int64_t resident_index_bytes_ = 0;
  std::int64_t heads_total_ = 0;
  std::int64_t useful_head_cap_ = 0;
  std::int64_t hub_floor_ = 0;
  std::int64_t left_ = 0;          // DRAM not yet handed out
  bool in_order_ = true;           // every earlier step took its whole structure
  std::int64_t head_entries_ = 1;  // K
  std::int64_t whole_backward_degree_ = 0;  // whole backward lists up to this degree (SSSP)
  std::int64_t whole_backward_bytes_ = 0;   // their bytes past the first K entries
  std::int64_t low_ = 0;           // D
  std::int64_t hub_limit_ = 0;     // the lowest hub degree whose lists are in DRAM (0: none)
};

}  // namespace

PlacementPlan plan_placement(const GraphProfile& profile, const PlacementRequest& request) {
  return Planner(profile, request).plan();
}

void print_plan(std::ostream& out, const PlacementPlan& plan) {
  out << (plan.mode == PlacementMode::kForwardOnDisk ? "placement (forward on disk, Iwabuchi et al.)" : "placement")
      << ": DRAM budget " << format_bytes(plan.dram_budget_bytes) << " (minimum "
      << format_bytes(plan.minimum_bytes) << "); head entries K = " << plan.head_entries
      << (plan.head_entries_forced ? " (forced)" : "");
  if (plan.whole_backward_degree > 0) out << ", whole backward lists up to degree " << plan.whole_backward_degree;
  out << ", low degree D = " << plan.low_degree_limit
      << ", hubs: " << plan.hub_vertices << " vertices";
  if (plan.hub_degree_limit > 0) out << " of degree >= " << plan.hub_degree_limit;
  if (!plan.scan_cuts.empty()) {
    out << "; for scans instead: whole lists, the first of each " << ResidencyRule::kScanStripeVertices
        << " vertices";
  }
  out << (plan.fits_in_memory ? "; everything in DRAM\n" : "\n");
  std::size_t width = 44;  // the widest description, so that the columns line up
  for (const PlacedStructure& placed : plan.structures) width = std::max(width, placed.description.size());
  const auto row = [&](const std::string& name, const std::string& dram, const std::string& disk) {
    out << "  " << std::left << std::setw(static_cast<int>(width)) << name << std::right << ' ' << std::setw(14) << dram
        << ' ' << std::setw(14) << disk << '\n';
  };
  row("structure", "DRAM", "disk");
  for (const PlacedStructure& placed : plan.structures)
    row(placed.description, format_bytes(placed.dram_bytes), format_bytes(placed.disk_bytes));
  row("total", format_bytes(plan.dram_bytes()), format_bytes(plan.disk_bytes()));
}

void write_json(JsonWriter& writer, const PlacementPlan& plan) {
  writer.begin_object();
  writer.field("dram_budget_bytes", plan.dram_budget_bytes);
  writer.field("mode", to_string(plan.mode));
  writer.field("minimum_bytes", plan.minimum_bytes);
  writer.field("dram_bytes", plan.dram_bytes());
  writer.field("disk_bytes", plan.disk_bytes());
  writer.field("fits_in_memory", plan.fits_in_memory);
  writer.field("head_entries", plan.head_entries);
  writer.field("head_entries_forced", plan.head_entries_forced);
  writer.field("whole_backward_degree", plan.whole_backward_degree);
  writer.field("low_degree_limit", plan.low_degree_limit);
  writer.field("hub_degree_limit", plan.hub_degree_limit);
  writer.field("hub_vertices", plan.hub_vertices);
  writer.field("scan_stripes", !plan.scan_cuts.empty());
  writer.key("structures");
  writer.begin_object();
  for (const PlacedStructure& placed : plan.structures) {
    writer.key(placed.name);
    writer.begin_object();
    writer.field("dram_bytes", placed.dram_bytes);
    writer.field("disk_bytes", placed.disk_bytes);
    writer.end_object();
  }
  writer.end_object();
  writer.end_object();
}

}  // namespace semibfs
