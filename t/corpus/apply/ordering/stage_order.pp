stage { 'pre': before => Stage['main'] }
stage { 'post': }
Stage['main'] -> Stage['post']
class early { notify { 'early': } }
class late { notify { 'late': } }
class { 'late': stage => 'post' }
class { 'early': stage => pre }
notify { 'main1': }
