// Fixture of the layering test: compiles, so only the layering check can stop the build.
#include "low/low.hpp"

int fixture_low() { return 1; }
