class inner {
  notify { 'i': }
}
class outer {
  require inner
  notify { 'o': }
}
include outer
