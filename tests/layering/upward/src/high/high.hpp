// Fixture of the layering test: the higher layer, allowed to include the lower one.
#pragma once

#include "low/low.hpp"
