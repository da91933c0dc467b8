notify { 'café': }
notify { "smile \u{263A}": }
