Integer[1] { 'z': }
