define dt ($p = 1) {}
dt { 'x': q => 2 }
