//! Name frequency lists for realistic demo and benchmark patients.
//!
//! Surnames are weighted by their counts in the US Census 2010 surname file (public
//! domain; the less common names at the end are rounded estimates), and include
//! accents, apostrophes, spaces and hyphens so search meets the shapes real charts
//! hold. First names are weighted by Social Security Administration birth counts in
//! thousands (rounded), split into the names of adults and of today's children.

/// (surname, people with it)
pub static SURNAMES: &[(&str, u32)] = &[
    ("Smith", 2442977), ("Johnson", 1932812), ("Williams", 1625252), ("Brown", 1437026), ("Jones", 1425470),
    ("Garcia", 1166120), ("Miller", 1161437), ("Davis", 1116357), ("Rodriguez", 1094924),
    ("Martinez", 1060159), ("Hernandez", 1043281), ("Lopez", 874523), ("Gonzalez", 841025),
    ("Wilson", 801882), ("Anderson", 784404), ("Thomas", 756142), ("Taylor", 751209), ("Moore", 724374),
    ("Jackson", 708099), ("Martin", 702625), ("Lee", 693023), ("Perez", 681645), ("Thompson", 664644),
    ("White", 660491), ("Harris", 624252), ("Sanchez", 612752), ("Clark", 562679), ("Ramirez", 557423),
    ("Lewis", 531781), ("Robinson", 529821), ("Walker", 523129), ("Young", 484447), ("Allen", 482607),
    ("King", 465422), ("Wright", 458980), ("Scott", 439530), ("Torres", 437813), ("Nguyen", 437645),
    ("Hill", 434827), ("Flores", 433969), ("Green", 430182), ("Adams", 427865), ("Nelson", 424958),
    ("Baker", 419586), ("Hall", 407076), ("Rivera", 391114), ("Campbell", 386157), ("Mitchell", 384486),
    ("Carter", 376966), ("Roberts", 376774), ("Gomez", 365655), ("Phillips", 351848), ("Evans", 342237),
    ("Turner", 335663), ("Diaz", 325491), ("Parker", 324246), ("Cruz", 318498), ("Edwards", 317070),
    ("Collins", 316702), ("Reyes", 311777), ("Stewart", 306590), ("Morris", 304677), ("Morales", 304048),
    ("Murphy", 300501), ("Cook", 294795), ("Rogers", 294403), ("Gutierrez", 293218), ("Ortiz", 286899),
    ("Morgan", 286280), ("Cooper", 280791), ("Peterson", 278297), ("Bailey", 277845), ("Reed", 277030),
    ("Kelly", 267394), ("Howard", 264826), ("Ramos", 263464), ("Kim", 262352), ("Cox", 261231),
    ("Ward", 260464), ("Richardson", 259798), ("Watson", 252579), ("Brooks", 251663), ("Chavez", 250898),
    ("Wood", 250715), ("James", 249379), ("Bennett", 247599), ("Gray", 246116), ("Mendoza", 242771),
    ("Ruiz", 238234), ("Hughes", 236271), ("Price", 235251), ("Alvarez", 233983), ("Castillo", 230420),
    ("Sanders", 230374), ("Patel", 229973), ("Myers", 229895), ("Long", 229374), ("Ross", 229368),
    ("Foster", 227764), ("Jimenez", 227118), ("Powell", 223008), ("Jenkins", 222107), ("Perry", 220913),
    ("Russell", 219979), ("Sullivan", 215640), ("Bell", 215520), ("Coleman", 214002), ("Butler", 213760),
    ("Henderson", 213547), ("Barnes", 212734), ("Gonzales", 211953), ("Fisher", 209713), ("Vasquez", 208726),
    ("Simmons", 207958), ("Romero", 206869), ("Jordan", 206789), ("Patterson", 205908),
    ("Alexander", 203926), ("Hamilton", 203374), ("Graham", 202966), ("Reynolds", 202102),
    ("Griffin", 201761), ("Wallace", 200735), ("Moreno", 198567), ("West", 198322), ("Cole", 197714),
    ("Hayes", 197624), ("Bryant", 196997), ("Herrera", 196498), ("Gibson", 195923), ("Ellis", 195492),
    ("Tran", 195184), ("Medina", 194771), ("Aguilar", 194709), ("Stevens", 194327), ("Murray", 193909),
    ("Ford", 192900), ("Castro", 191722), ("Marshall", 191713), ("Owens", 190789), ("Harrison", 190601),
    ("Fernandez", 189822), ("McDonald", 188993), ("Woods", 188766), ("Washington", 177386),
    ("Kennedy", 176849), ("Wells", 176566), ("Vargas", 176064), ("Henry", 175995), ("Chen", 175679),
    ("Freeman", 175570), ("Webb", 175421), ("Tucker", 174949), ("Guzman", 174896), ("Burns", 174705),
    ("Crawford", 174551), ("Olson", 174345), ("Simpson", 174342), ("Porter", 173933), ("Hunter", 173789),
    ("Gordon", 173566), ("Mendez", 173393), ("Silva", 173332), ("Shaw", 172993), ("Snyder", 172751),
    ("Mason", 171830), ("Dixon", 171643), ("Munoz", 171501), ("Hunt", 171388), ("Hicks", 171162),
    ("Holmes", 171159), ("Palmer", 171069), ("Wagner", 170933), ("Black", 170702), ("Robertson", 170649),
    ("Boyd", 170519), ("Rose", 169789), ("Stone", 168734), ("Salazar", 168679), ("Fox", 168512),
    ("Warren", 168249), ("Mills", 167798), ("Meyer", 166930), ("Rice", 166784), ("Schmidt", 166713),
    ("Garza", 165998), ("Daniels", 164870), ("Ferguson", 164810), ("Nichols", 163978), ("Stephens", 163789),
    ("Soto", 163716), ("Weaver", 163419), ("Ryan", 163322), ("Gardner", 163089), ("Payne", 162974),
    ("Grant", 162892), ("Dunn", 162730), ("Wang", 142251), ("Li", 127542), ("Zhang", 101316),
    ("Singh", 86577), ("Le", 82708), ("Pham", 73672), ("Huang", 72617), ("Khan", 60000), ("O'Brien", 55000),
    ("Nakamura", 12000), ("Kowalski", 22000), ("Novak", 15000), ("Dubois", 6000), ("Rossi", 9000),
    ("Haddad", 8000), ("Okafor", 5000), ("Mensah", 4000), ("Yilmaz", 3000), ("Nasser", 4000),
    ("Schneider", 79000), ("Fischer", 45000), ("Larsen", 35000), ("Johansson", 9000), ("Kaur", 40000),
    ("Gupta", 38000), ("Shah", 30000), ("Tanaka", 11000), ("Sato", 7000), ("Park", 120000), ("Choi", 50000),
    ("Vu", 45000), ("Hoang", 35000), ("Begay", 12000), ("Yazzie", 9000), ("Kealoha", 2000), ("Abadi", 2000),
    ("Ivanov", 3000), ("Petrov", 2500), ("Moreau", 2000), ("De La Cruz", 90000), ("Van Der Berg", 3000),
    ("Saint-Pierre", 2000), ("Müller", 3000), ("Peña", 60000), ("Ibáñez", 6000), ("Nuñez", 85000),
    ("O'Connor", 60000),
];

/// (first name, thousands of births) for women born 1940-2000
pub static FEMALE_ADULT: &[(&str, u32)] = &[
    ("Mary", 3196), ("Patricia", 1558), ("Jennifer", 1468), ("Linda", 1447), ("Elizabeth", 1629),
    ("Barbara", 1402), ("Susan", 1106), ("Jessica", 1045), ("Sarah", 1073), ("Karen", 985), ("Lisa", 965),
    ("Nancy", 1002), ("Betty", 995), ("Sandra", 873), ("Margaret", 1235), ("Ashley", 848), ("Kimberly", 835),
    ("Emily", 845), ("Donna", 824), ("Michelle", 812), ("Carol", 806), ("Amanda", 773), ("Melissa", 754),
    ("Deborah", 740), ("Stephanie", 749), ("Dorothy", 1062), ("Rebecca", 725), ("Sharon", 719),
    ("Laura", 655), ("Cynthia", 644), ("Amy", 632), ("Kathleen", 654), ("Angela", 661), ("Shirley", 618),
    ("Brenda", 605), ("Emma", 610), ("Anna", 595), ("Pamela", 592), ("Nicole", 576), ("Samantha", 553),
    ("Katherine", 555), ("Christine", 524), ("Helen", 1011), ("Debra", 500), ("Rachel", 502),
    ("Carolyn", 500), ("Janet", 498), ("Maria", 546), ("Catherine", 492), ("Heather", 491), ("Diane", 480),
    ("Olivia", 462), ("Julie", 455), ("Joyce", 445), ("Victoria", 443), ("Ruth", 1054), ("Virginia", 640),
    ("Lauren", 420), ("Kelly", 410), ("Christina", 411), ("Joan", 435), ("Evelyn", 590), ("Judith", 410),
    ("Andrea", 392), ("Hannah", 391), ("Megan", 391), ("Cheryl", 381), ("Jacqueline", 378), ("Martha", 382),
    ("Madison", 370), ("Teresa", 368), ("Gloria", 360), ("Sara", 360), ("Janice", 351), ("Ann", 350),
    ("Kathryn", 349), ("Abigail", 349), ("Sophia", 340), ("Frances", 579), ("Jean", 340), ("Alice", 330),
    ("Judy", 330), ("Isabella", 328), ("Julia", 320), ("Grace", 320), ("Amber", 318), ("Denise", 317),
    ("Danielle", 316), ("Marilyn", 312), ("Beverly", 310), ("Charlotte", 310), ("Natalie", 309),
    ("Theresa", 302), ("Diana", 301), ("Brittany", 300), ("Doris", 298), ("Kayla", 297), ("Alexis", 292),
    ("Lori", 290), ("Marie", 290), ("Guadalupe", 180), ("Rosa", 170), ("Mei", 40), ("Linh", 35),
    ("Priya", 30), ("Fatima", 38), ("Ximena", 45), ("Aisha", 50), ("Yesenia", 60), ("Keiko", 15),
    ("Ananya", 20), ("Zoë", 10), ("Renée", 25),
];

/// (first name, thousands of births) for men born 1940-2000
pub static MALE_ADULT: &[(&str, u32)] = &[
    ("James", 4806), ("Robert", 4729), ("John", 4527), ("Michael", 4331), ("David", 3602), ("William", 3605),
    ("Richard", 2545), ("Joseph", 2602), ("Thomas", 2289), ("Christopher", 2029), ("Charles", 2233),
    ("Daniel", 1904), ("Matthew", 1608), ("Anthony", 1430), ("Mark", 1349), ("Donald", 1425),
    ("Steven", 1283), ("Andrew", 1246), ("Paul", 1401), ("Joshua", 1227), ("Kenneth", 1149), ("Kevin", 1174),
    ("Brian", 1170), ("George", 1459), ("Timothy", 1070), ("Ronald", 1069), ("Jason", 1028),
    ("Edward", 1009), ("Jeffrey", 977), ("Ryan", 951), ("Jacob", 943), ("Gary", 899), ("Nicholas", 916),
    ("Eric", 881), ("Jonathan", 822), ("Stephen", 841), ("Larry", 803), ("Justin", 773), ("Scott", 744),
    ("Brandon", 751), ("Benjamin", 731), ("Samuel", 723), ("Gregory", 700), ("Alexander", 698),
    ("Patrick", 650), ("Frank", 657), ("Raymond", 639), ("Jack", 632), ("Dennis", 601), ("Jerry", 601),
    ("Tyler", 600), ("Aaron", 581), ("Jose", 578), ("Adam", 561), ("Nathan", 550), ("Henry", 549),
    ("Zachary", 522), ("Douglas", 520), ("Peter", 514), ("Kyle", 500), ("Noah", 480), ("Ethan", 470),
    ("Jeremy", 460), ("Walter", 455), ("Christian", 450), ("Keith", 445), ("Roger", 440), ("Terry", 435),
    ("Austin", 430), ("Sean", 425), ("Gerald", 420), ("Carl", 415), ("Harold", 410), ("Dylan", 405),
    ("Arthur", 400), ("Lawrence", 395), ("Jordan", 390), ("Jesse", 385), ("Bryan", 380), ("Billy", 375),
    ("Bruce", 370), ("Gabriel", 365), ("Joe", 360), ("Logan", 355), ("Alan", 350), ("Juan", 345),
    ("Albert", 340), ("Willie", 335), ("Elijah", 330), ("Wayne", 325), ("Randy", 320), ("Vincent", 315),
    ("Mason", 310), ("Roy", 305), ("Ralph", 300), ("Bobby", 295), ("Russell", 290), ("Bradley", 285),
    ("Philip", 280), ("Eugene", 275), ("Luis", 270), ("Carlos", 260), ("Miguel", 250), ("Wei", 40),
    ("Minh", 40), ("Mohammed", 60), ("Arjun", 30), ("Hiroshi", 15), ("Kwame", 10), ("José", 70),
    ("Björn", 5),
];

/// (first name, thousands of births) for girls born since 2008
pub static FEMALE_CHILD: &[(&str, u32)] = &[
    ("Olivia", 17), ("Emma", 16), ("Charlotte", 13), ("Amelia", 13), ("Sophia", 12), ("Mia", 12),
    ("Isabella", 12), ("Ava", 12), ("Evelyn", 10), ("Luna", 9), ("Harper", 9), ("Camila", 8), ("Sofia", 8),
    ("Scarlett", 8), ("Elizabeth", 8), ("Eleanor", 8), ("Emily", 8), ("Chloe", 7), ("Mila", 7),
    ("Violet", 7), ("Penelope", 7), ("Gianna", 7), ("Aria", 7), ("Abigail", 7), ("Ella", 7), ("Avery", 6),
    ("Hazel", 6), ("Nora", 6), ("Layla", 6), ("Lily", 6), ("Aurora", 6), ("Nova", 6), ("Ellie", 6),
    ("Madison", 6), ("Grace", 6), ("Isla", 5), ("Willow", 5), ("Zoe", 5), ("Riley", 5), ("Stella", 5),
    ("Aaliyah", 4), ("Ximena", 3), ("Mei", 2), ("Priya", 2), ("Fatima", 2),
];

/// (first name, thousands of births) for boys born since 2008
pub static MALE_CHILD: &[(&str, u32)] = &[
    ("Liam", 20), ("Noah", 19), ("Oliver", 15), ("James", 13), ("Elijah", 13), ("Mateo", 12),
    ("Theodore", 11), ("Henry", 11), ("Lucas", 11), ("William", 11), ("Benjamin", 10), ("Levi", 10),
    ("Sebastian", 9), ("Jack", 9), ("Ezra", 9), ("Michael", 9), ("Daniel", 9), ("Leo", 9), ("Owen", 9),
    ("Samuel", 9), ("Hudson", 8), ("Alexander", 8), ("Asher", 8), ("Luca", 8), ("Ethan", 8), ("John", 8),
    ("David", 8), ("Jackson", 8), ("Joseph", 8), ("Mason", 7), ("Luke", 7), ("Matthew", 7), ("Julian", 7),
    ("Dylan", 7), ("Elias", 7), ("Jacob", 7), ("Maverick", 7), ("Gabriel", 6), ("Logan", 6), ("Aiden", 6),
    ("Santiago", 5), ("Muhammad", 4), ("Arjun", 2), ("Minh", 2), ("Kai", 4),
];
