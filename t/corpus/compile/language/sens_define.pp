define dt ($secret) {
  file { "/tmp/mcomp-corpus/${title}":
    content => $secret,
  }
}
dt { 'x': secret => Sensitive('s3') }
