define dt () {}
dt { 'x': }
dt { 'x': }
