# random ranges (seeded) against 25 versions: the normalised range, then 1/0 for each version in it
$vs = ['0.2.0', '1.0.1', '2.0.3', '1.2.9', '0.2.3', '2.2.3', '0.2.1', '0.0.9', '0.5.3-rc.1', '10.0.9', '0.1.0', '1.0.1', '0.0.3', '2.2.3-rc.1', '10.0.9+b1', '0.5.9+b1', '10.1.9', '0.5.1', '10.0.0', '0.1.0-rc.1', '1.5.1', '1.0.3', '10.2.0+b1', '0.0.9', '1.5.0']
notify { "r1": message => [String(SemVerRange('* - *.5.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('* - *.5.1') { 1 } else { 0 } }.join('')] }
notify { "r2": message => [String(SemVerRange('* >*.0.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('* >*.0.*') { 1 } else { 0 } }.join('')] }
notify { "r3": message => [String(SemVerRange('*.*.0 - 5.5.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('*.*.0 - 5.5.5') { 1 } else { 0 } }.join('')] }
notify { "r4": message => [String(SemVerRange('*.1.2 || x.* ~*.2.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('*.1.2 || x.* ~*.2.1') { 1 } else { 0 } }.join('')] }
notify { "r5": message => [String(SemVerRange('*.5 - 0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('*.5 - 0') { 1 } else { 0 } }.join('')] }
notify { "r6": message => [String(SemVerRange('*.5.x - 5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('*.5.x - 5') { 1 } else { 0 } }.join('')] }
notify { "r7": message => [String(SemVerRange('0 - 2.1.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('0 - 2.1.*') { 1 } else { 0 } }.join('')] }
notify { "r8": message => [String(SemVerRange('0.1.x - 0.x.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('0.1.x - 0.x.0') { 1 } else { 0 } }.join('')] }
notify { "r9": message => [String(SemVerRange('0.2 - x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('0.2 - x') { 1 } else { 0 } }.join('')] }
notify { "r10": message => [String(SemVerRange('0.5 || ~>0 ~>5.1.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('0.5 || ~>0 ~>5.1.0') { 1 } else { 0 } }.join('')] }
notify { "r11": message => [String(SemVerRange('0.x.0 1.5.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('0.x.0 1.5.0') { 1 } else { 0 } }.join('')] }
notify { "r12": message => [String(SemVerRange('0.x.2 - 5.1.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('0.x.2 - 5.1.1') { 1 } else { 0 } }.join('')] }
notify { "r13": message => [String(SemVerRange('1 - 0.x.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('1 - 0.x.x') { 1 } else { 0 } }.join('')] }
notify { "r14": message => [String(SemVerRange('1.*.0 - *.0.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('1.*.0 - *.0.0') { 1 } else { 0 } }.join('')] }
notify { "r15": message => [String(SemVerRange('2.0.5 - *.*.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('2.0.5 - *.*.x') { 1 } else { 0 } }.join('')] }
notify { "r16": message => [String(SemVerRange('2.2.0 - 1.x.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('2.2.0 - 1.x.*') { 1 } else { 0 } }.join('')] }
notify { "r17": message => [String(SemVerRange('2.5.* - 1.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('2.5.* - 1.2') { 1 } else { 0 } }.join('')] }
notify { "r18": message => [String(SemVerRange('5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5') { 1 } else { 0 } }.join('')] }
notify { "r19": message => [String(SemVerRange('5 - *'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5 - *') { 1 } else { 0 } }.join('')] }
notify { "r20": message => [String(SemVerRange('5 - 1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5 - 1') { 1 } else { 0 } }.join('')] }
notify { "r21": message => [String(SemVerRange('5 ~>*.5.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5 ~>*.5.*') { 1 } else { 0 } }.join('')] }
notify { "r22": message => [String(SemVerRange('5.0 - 2.2.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.0 - 2.2.0') { 1 } else { 0 } }.join('')] }
notify { "r23": message => [String(SemVerRange('5.1 - *'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.1 - *') { 1 } else { 0 } }.join('')] }
notify { "r24": message => [String(SemVerRange('5.1 - 0.0.5-0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.1 - 0.0.5-0') { 1 } else { 0 } }.join('')] }
notify { "r25": message => [String(SemVerRange('5.1.1 - *.5.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.1.1 - *.5.*') { 1 } else { 0 } }.join('')] }
notify { "r26": message => [String(SemVerRange('5.1.2-0 - *'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.1.2-0 - *') { 1 } else { 0 } }.join('')] }
notify { "r27": message => [String(SemVerRange('5.2.5-0 >5.1.x >=5.2.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.2.5-0 >5.1.x >=5.2.0') { 1 } else { 0 } }.join('')] }
notify { "r28": message => [String(SemVerRange('5.5 - 0.*.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.5 - 0.*.*') { 1 } else { 0 } }.join('')] }
notify { "r29": message => [String(SemVerRange('5.5 - 5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.5 - 5') { 1 } else { 0 } }.join('')] }
notify { "r30": message => [String(SemVerRange('5.5.5 <=0.5.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('5.5.5 <=0.5.*') { 1 } else { 0 } }.join('')] }
notify { "r31": message => [String(SemVerRange('<0.0 0.x.1 || >=0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<0.0 0.x.1 || >=0') { 1 } else { 0 } }.join('')] }
notify { "r32": message => [String(SemVerRange('<0.2 <*.1.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<0.2 <*.1.*') { 1 } else { 0 } }.join('')] }
notify { "r33": message => [String(SemVerRange('<1.1.1-alpha <0.x.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<1.1.1-alpha <0.x.2') { 1 } else { 0 } }.join('')] }
notify { "r34": message => [String(SemVerRange('<2 ^1.*.2 >0.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<2 ^1.*.2 >0.x') { 1 } else { 0 } }.join('')] }
notify { "r35": message => [String(SemVerRange('<2.5.* >=1.5 ~*.2.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<2.5.* >=1.5 ~*.2.1') { 1 } else { 0 } }.join('')] }
notify { "r36": message => [String(SemVerRange('<2.5.* || =x.0.* <0.x.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<2.5.* || =x.0.* <0.x.0') { 1 } else { 0 } }.join('')] }
notify { "r37": message => [String(SemVerRange('<2.x.5 ~0.1.0-rc.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<2.x.5 ~0.1.0-rc.1') { 1 } else { 0 } }.join('')] }
notify { "r38": message => [String(SemVerRange('<5 =0 1.x.2 || <=0.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<5 =0 1.x.2 || <=0.0') { 1 } else { 0 } }.join('')] }
notify { "r39": message => [String(SemVerRange('<5.1.* >5.0.* || <=1.1.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<5.1.* >5.0.* || <=1.1.x') { 1 } else { 0 } }.join('')] }
notify { "r40": message => [String(SemVerRange('<=0.* 2.1 || >=1.x.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<=0.* 2.1 || >=1.x.2') { 1 } else { 0 } }.join('')] }
notify { "r41": message => [String(SemVerRange('<=0.1.0 || <=2.x.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<=0.1.0 || <=2.x.2') { 1 } else { 0 } }.join('')] }
notify { "r42": message => [String(SemVerRange('<=1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<=1') { 1 } else { 0 } }.join('')] }
notify { "r43": message => [String(SemVerRange('<=1.5 <*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<=1.5 <*') { 1 } else { 0 } }.join('')] }
notify { "r44": message => [String(SemVerRange('<=2.*.1 ~0.x.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<=2.*.1 ~0.x.1') { 1 } else { 0 } }.join('')] }
notify { "r45": message => [String(SemVerRange('<=5.1.2 ^1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<=5.1.2 ^1') { 1 } else { 0 } }.join('')] }
notify { "r46": message => [String(SemVerRange('<=5.2.0 ~*.0 || 2.1 <x.x.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<=5.2.0 ~*.0 || 2.1 <x.x.0') { 1 } else { 0 } }.join('')] }
notify { "r47": message => [String(SemVerRange('<=5.x.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<=5.x.5') { 1 } else { 0 } }.join('')] }
notify { "r48": message => [String(SemVerRange('<x.1 <=0.*.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<x.1 <=0.*.x') { 1 } else { 0 } }.join('')] }
notify { "r49": message => [String(SemVerRange('<x.2 || <2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<x.2 || <2') { 1 } else { 0 } }.join('')] }
notify { "r50": message => [String(SemVerRange('<x.x.0 >=x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('<x.x.0 >=x') { 1 } else { 0 } }.join('')] }
notify { "r51": message => [String(SemVerRange('=*.*.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=*.*.*') { 1 } else { 0 } }.join('')] }
notify { "r52": message => [String(SemVerRange('=*.0.0 ~>1.2.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=*.0.0 ~>1.2.1') { 1 } else { 0 } }.join('')] }
notify { "r53": message => [String(SemVerRange('=*.x.* <2.*.1 || >=0.x.x ~5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=*.x.* <2.*.1 || >=0.x.x ~5') { 1 } else { 0 } }.join('')] }
notify { "r54": message => [String(SemVerRange('=0.5.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=0.5.2') { 1 } else { 0 } }.join('')] }
notify { "r55": message => [String(SemVerRange('=1.*.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=1.*.*') { 1 } else { 0 } }.join('')] }
notify { "r56": message => [String(SemVerRange('=1.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=1.2') { 1 } else { 0 } }.join('')] }
notify { "r57": message => [String(SemVerRange('=5.x <1.*.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=5.x <1.*.*') { 1 } else { 0 } }.join('')] }
notify { "r58": message => [String(SemVerRange('=x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=x') { 1 } else { 0 } }.join('')] }
notify { "r59": message => [String(SemVerRange('=x.1.1 >0.1.5 ~*.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('=x.1.1 >0.1.5 ~*.5') { 1 } else { 0 } }.join('')] }
notify { "r60": message => [String(SemVerRange('>*.1.5 || ^5.x.1 <=5.1.0 ~>5.5.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>*.1.5 || ^5.x.1 <=5.1.0 ~>5.5.*') { 1 } else { 0 } }.join('')] }
notify { "r61": message => [String(SemVerRange('>*.1.x || <=0 ~0.2 ~0.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>*.1.x || <=0 ~0.2 ~0.1') { 1 } else { 0 } }.join('')] }
notify { "r62": message => [String(SemVerRange('>*.2.1 ~*.* || ~*.1 <5.1.1 ~0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>*.2.1 ~*.* || ~*.1 <5.1.1 ~0') { 1 } else { 0 } }.join('')] }
notify { "r63": message => [String(SemVerRange('>0.0.1-rc.1 <=5.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>0.0.1-rc.1 <=5.2') { 1 } else { 0 } }.join('')] }
notify { "r64": message => [String(SemVerRange('>0.2.* =5.0.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>0.2.* =5.0.x') { 1 } else { 0 } }.join('')] }
notify { "r65": message => [String(SemVerRange('>0.x =1.1.1 <5.0.2-0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>0.x =1.1.1 <5.0.2-0') { 1 } else { 0 } }.join('')] }
notify { "r66": message => [String(SemVerRange('>1 ~1.5 || =2 ^2.x.1 >0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>1 ~1.5 || =2 ^2.x.1 >0') { 1 } else { 0 } }.join('')] }
notify { "r67": message => [String(SemVerRange('>1.1 >0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>1.1 >0') { 1 } else { 0 } }.join('')] }
notify { "r68": message => [String(SemVerRange('>1.5.0-0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>1.5.0-0') { 1 } else { 0 } }.join('')] }
notify { "r69": message => [String(SemVerRange('>1.5.x ~x.0 || ^5.x.1 5.*.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>1.5.x ~x.0 || ^5.x.1 5.*.0') { 1 } else { 0 } }.join('')] }
notify { "r70": message => [String(SemVerRange('>1.x.2 <=0.0.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>1.x.2 <=0.0.5') { 1 } else { 0 } }.join('')] }
notify { "r71": message => [String(SemVerRange('>1.x.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>1.x.x') { 1 } else { 0 } }.join('')] }
notify { "r72": message => [String(SemVerRange('>2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>2') { 1 } else { 0 } }.join('')] }
notify { "r73": message => [String(SemVerRange('>2.5 ^1.x.x || >=0.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>2.5 ^1.x.x || >=0.5') { 1 } else { 0 } }.join('')] }
notify { "r74": message => [String(SemVerRange('>5.*.1 ~>5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>5.*.1 ~>5') { 1 } else { 0 } }.join('')] }
notify { "r75": message => [String(SemVerRange('>5.0 <1.1.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>5.0 <1.1.2') { 1 } else { 0 } }.join('')] }
notify { "r76": message => [String(SemVerRange('>=*.*.x ~2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=*.*.x ~2') { 1 } else { 0 } }.join('')] }
notify { "r77": message => [String(SemVerRange('>=*.5.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=*.5.0') { 1 } else { 0 } }.join('')] }
notify { "r78": message => [String(SemVerRange('>=*.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=*.x') { 1 } else { 0 } }.join('')] }
notify { "r79": message => [String(SemVerRange('>=0.0 ~>5.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=0.0 ~>5.x') { 1 } else { 0 } }.join('')] }
notify { "r80": message => [String(SemVerRange('>=0.1.* ~5.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=0.1.* ~5.*') { 1 } else { 0 } }.join('')] }
notify { "r81": message => [String(SemVerRange('>=1.0.x ~>x.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=1.0.x ~>x.2') { 1 } else { 0 } }.join('')] }
notify { "r82": message => [String(SemVerRange('>=1.1.0-0 >1.2.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=1.1.0-0 >1.2.2') { 1 } else { 0 } }.join('')] }
notify { "r83": message => [String(SemVerRange('>=1.x.1 >x.1.5 || >=*.x.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=1.x.1 >x.1.5 || >=*.x.2') { 1 } else { 0 } }.join('')] }
notify { "r84": message => [String(SemVerRange('>=2.*.2 =0 || =x.2.0 >=5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=2.*.2 =0 || =x.2.0 >=5') { 1 } else { 0 } }.join('')] }
notify { "r85": message => [String(SemVerRange('>=2.5.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=2.5.5') { 1 } else { 0 } }.join('')] }
notify { "r86": message => [String(SemVerRange('>=2.x.2 >0.2.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=2.x.2 >0.2.2') { 1 } else { 0 } }.join('')] }
notify { "r87": message => [String(SemVerRange('>=5 ~5.*.* || ~>*.1 ~>0.x.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=5 ~5.*.* || ~>*.1 ~>0.x.1') { 1 } else { 0 } }.join('')] }
notify { "r88": message => [String(SemVerRange('>=x.x.x x.*.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>=x.x.x x.*.5') { 1 } else { 0 } }.join('')] }
notify { "r89": message => [String(SemVerRange('>x || <1.0.x ~*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>x || <1.0.x ~*') { 1 } else { 0 } }.join('')] }
notify { "r90": message => [String(SemVerRange('>x.*.1 =0.5.2 || =5.1 ^0.5.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('>x.*.1 =0.5.2 || =5.1 ^0.5.*') { 1 } else { 0 } }.join('')] }
notify { "r91": message => [String(SemVerRange('^0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^0') { 1 } else { 0 } }.join('')] }
notify { "r92": message => [String(SemVerRange('^0.1.0 =x.0.0 || ~>x.1.0 <1.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^0.1.0 =x.0.0 || ~>x.1.0 <1.*') { 1 } else { 0 } }.join('')] }
notify { "r93": message => [String(SemVerRange('^0.1.0-0 || ^0.0 ^5.2.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^0.1.0-0 || ^0.0 ^5.2.*') { 1 } else { 0 } }.join('')] }
notify { "r94": message => [String(SemVerRange('^1 >x.0.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^1 >x.0.*') { 1 } else { 0 } }.join('')] }
notify { "r95": message => [String(SemVerRange('^1.*.0 || ~>x.2.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^1.*.0 || ~>x.2.2') { 1 } else { 0 } }.join('')] }
notify { "r96": message => [String(SemVerRange('^2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^2') { 1 } else { 0 } }.join('')] }
notify { "r97": message => [String(SemVerRange('^5 >=1.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^5 >=1.0') { 1 } else { 0 } }.join('')] }
notify { "r98": message => [String(SemVerRange('^5.*.1 ^2.0.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^5.*.1 ^2.0.x') { 1 } else { 0 } }.join('')] }
notify { "r99": message => [String(SemVerRange('^5.0.1 *'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^5.0.1 *') { 1 } else { 0 } }.join('')] }
notify { "r100": message => [String(SemVerRange('^5.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^5.2') { 1 } else { 0 } }.join('')] }
notify { "r101": message => [String(SemVerRange('^5.2.x 5.*.2 || ^2 <5.x.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('^5.2.x 5.*.2 || ^2 <5.x.1') { 1 } else { 0 } }.join('')] }
notify { "r102": message => [String(SemVerRange('x.*.* - 5.0.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('x.*.* - 5.0.2') { 1 } else { 0 } }.join('')] }
notify { "r103": message => [String(SemVerRange('x.0 - 0.5.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('x.0 - 0.5.0') { 1 } else { 0 } }.join('')] }
notify { "r104": message => [String(SemVerRange('x.0.0 <=1.1.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('x.0.0 <=1.1.5') { 1 } else { 0 } }.join('')] }
notify { "r105": message => [String(SemVerRange('x.0.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('x.0.x') { 1 } else { 0 } }.join('')] }
notify { "r106": message => [String(SemVerRange('x.1.x - x.1.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('x.1.x - x.1.x') { 1 } else { 0 } }.join('')] }
notify { "r107": message => [String(SemVerRange('x.2.* - 0.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('x.2.* - 0.*') { 1 } else { 0 } }.join('')] }
notify { "r108": message => [String(SemVerRange('x.5 - x.2.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('x.5 - x.2.x') { 1 } else { 0 } }.join('')] }
notify { "r109": message => [String(SemVerRange('x.5.1 - 5.2.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('x.5.1 - 5.2.x') { 1 } else { 0 } }.join('')] }
notify { "r110": message => [String(SemVerRange('~2.*.1 <=5.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~2.*.1 <=5.1') { 1 } else { 0 } }.join('')] }
notify { "r111": message => [String(SemVerRange('~2.*.1 || ~>1.x.x <=1.1.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~2.*.1 || ~>1.x.x <=1.1.2') { 1 } else { 0 } }.join('')] }
notify { "r112": message => [String(SemVerRange('~2.0.2-0 || >=2.x ~>1.2.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~2.0.2-0 || >=2.x ~>1.2.x') { 1 } else { 0 } }.join('')] }
notify { "r113": message => [String(SemVerRange('~2.0.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~2.0.x') { 1 } else { 0 } }.join('')] }
notify { "r114": message => [String(SemVerRange('~2.1.0 <=2.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~2.1.0 <=2.1') { 1 } else { 0 } }.join('')] }
notify { "r115": message => [String(SemVerRange('~2.x || >2.1.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~2.x || >2.1.*') { 1 } else { 0 } }.join('')] }
notify { "r116": message => [String(SemVerRange('~2.x.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~2.x.1') { 1 } else { 0 } }.join('')] }
notify { "r117": message => [String(SemVerRange('~5.*.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~5.*.x') { 1 } else { 0 } }.join('')] }
notify { "r118": message => [String(SemVerRange('~5.x.0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~5.x.0') { 1 } else { 0 } }.join('')] }
notify { "r119": message => [String(SemVerRange('~>*.1 5.5.2-rc.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>*.1 5.5.2-rc.1') { 1 } else { 0 } }.join('')] }
notify { "r120": message => [String(SemVerRange('~>*.1.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>*.1.x') { 1 } else { 0 } }.join('')] }
notify { "r121": message => [String(SemVerRange('~>1.x.5 <1.*.*'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>1.x.5 <1.*.*') { 1 } else { 0 } }.join('')] }
notify { "r122": message => [String(SemVerRange('~>2.2.5 || =0 <=5.5.0-0'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>2.2.5 || =0 <=5.5.0-0') { 1 } else { 0 } }.join('')] }
notify { "r123": message => [String(SemVerRange('~>2.x'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>2.x') { 1 } else { 0 } }.join('')] }
notify { "r124": message => [String(SemVerRange('~>2.x ~>2.2'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>2.x ~>2.2') { 1 } else { 0 } }.join('')] }
notify { "r125": message => [String(SemVerRange('~>5 || <=2 <1.5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>5 || <=2 <1.5') { 1 } else { 0 } }.join('')] }
notify { "r126": message => [String(SemVerRange('~>5.1.0-rc.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>5.1.0-rc.1') { 1 } else { 0 } }.join('')] }
notify { "r127": message => [String(SemVerRange('~>x.0.* 1.2 *'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>x.0.* 1.2 *') { 1 } else { 0 } }.join('')] }
notify { "r128": message => [String(SemVerRange('~>x.2 || =5'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~>x.2 || =5') { 1 } else { 0 } }.join('')] }
notify { "r129": message => [String(SemVerRange('~x.1.1'), '%p'), $vs.map |$v| { if SemVer($v) =~ SemVerRange('~x.1.1') { 1 } else { 0 } }.join('')] }
