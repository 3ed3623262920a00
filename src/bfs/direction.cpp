// Names of the search directions, as the command line and the JSON report spell them.
#include <string>

#include "bfs/bfs.hpp"
#include "core/error.hpp"

namespace semibfs {

std::string to_string(Direction direction) {
  switch (direction) {
    case Direction::kHybrid:
      return "hybrid";
    case Direction::kTopDown:
      return "top-down";
    case Direction::kBottomUp:
      return "bottom-up";
  }
  throw Error("unknown Direction value " + std::to_string(static_cast<int>(direction)));
}

Direction parse_direction(const std::string& text) {
  for (Direction direction : {Direction::kHybrid, Direction::kTopDown, Direction::kBottomUp}) {
    if (text == to_string(direction)) return direction;
  }
  throw UsageError("unknown direction '" + text + "'; valid choices: hybrid, top-down, bottom-up");
}

}  // namespace semibfs
