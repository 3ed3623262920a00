// Fixture of the layering test: compiles, so only the layering check can stop the build.
#include "high/high.hpp"

int fixture_high() { return 2; }
