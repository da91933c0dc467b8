stage { 'post': require => Stage['main'] }
class late {
  notify { 'l': }
}
class { 'late': stage => post }
notify { 'm': }
