$Bad = 1
notice("$Bad3")
notice($a::B)
