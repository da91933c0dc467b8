define dt ($required) {}
dt { 'x': }
