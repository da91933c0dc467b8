notify { 1: }
notify { '2': }
