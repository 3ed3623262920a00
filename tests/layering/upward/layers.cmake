# Fixture of the layering test: high may include low, not the other way round.
set(LAYER_DEPENDS_low "")
set(LAYER_DEPENDS_high "low")
set(LAYERS "low;high")
