$l = [1].map |Integer[0,] $i| { $i }
