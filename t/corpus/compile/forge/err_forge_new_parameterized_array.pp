$b = Array[Integer](['1'])
