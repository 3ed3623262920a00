// Fixture of the layering test: a low layer that includes from the layer above it.
#pragma once

#include "high/high.hpp"
